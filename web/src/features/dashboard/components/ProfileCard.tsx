import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isRole, roleBadgeVariant } from '../../../../../common/rules/roles';
import { Avatar } from '../../items/components/Avatar';
import { LabelledProgress } from '../../items/components/LabelledProgress';

export interface ProfileCardData {
  displayName: string;
  username: string;
  avatarUrl: string | null;
  role: string;
  profileCompletion: number;
}

/** SPEC §2 dashboard profile card: avatar, name, role badge (SPEC §3 colours), completion bar. */
export function ProfileCard({ profile }: { profile: ProfileCardData }) {
  const { t } = useTranslation();
  const completion = Math.max(0, Math.min(100, Math.round(profile.profileCompletion)));
  return (
    <Card className="h-100" data-testid="dashboard-profile">
      <Card.Body className="d-flex gap-3 align-items-center">
        <Avatar src={profile.avatarUrl} name={profile.displayName} size={72} />
        <div className="flex-grow-1 min-w-0">
          <h2 className="h5 mb-1 text-truncate">{profile.displayName}</h2>
          {profile.username && <p className="text-muted small mb-1">@{profile.username}</p>}
          <Badge bg={roleBadgeVariant(profile.role)}>
            {isRole(profile.role) ? t(`dashboard.roles.${profile.role}`) : profile.role}
          </Badge>
          <div className="mt-3">
            <div className="small mb-1" id="profile-completion-label">
              {t('dashboard.profileCompletion', { percent: completion })}
            </div>
            <LabelledProgress
              now={completion}
              labelledBy="profile-completion-label"
              variant={completion >= 75 ? 'success' : completion >= 50 ? 'warning' : 'danger'}
            />
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
