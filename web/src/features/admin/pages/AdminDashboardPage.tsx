import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminContent, useAdminUsers } from '../api/admin';
import { AdminDialogs } from '../components/AdminDialogs';
import { ContentTable } from '../components/ContentTable';
import { ListStatus } from '../components/ListStatus';
import { useAdminActions } from '../components/useAdminActions';
import { UsersTable } from '../components/UsersTable';

const PREVIEW_ROWS = 10;
const NO_USER_FILTERS = { q: '', role: '', status: '' };
const NO_CONTENT_FILTERS = { q: '', visibility: '', reported: '' };

/** SPEC §2 /admin: the newest users and the newest content, each with its warn button. */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const users = useAdminUsers(NO_USER_FILTERS, PREVIEW_ROWS);
  const content = useAdminContent(NO_CONTENT_FILTERS, PREVIEW_ROWS);
  const actions = useAdminActions();
  const userRows = users.data?.pages[0]?.users ?? [];
  const contentRows = content.data?.pages[0]?.items ?? [];

  return (
    <div className="d-flex flex-column gap-4">
      <h1 className="h3 mb-0">{t('admin.dashboard.title')}</h1>
      <AdminDialogs actions={actions} />
      <section aria-labelledby="admin-dashboard-users">
        <div className="d-flex align-items-baseline gap-3 mb-2">
          <h2 className="h5 mb-0" id="admin-dashboard-users">
            {t('admin.dashboard.users')}
          </h2>
          <Link to="/admin/users" className="small">
            {t('admin.dashboard.seeAll')}
          </Link>
        </div>
        <ListStatus
          query={users}
          isEmpty={userRows.length === 0}
          emptyText={t('admin.users.empty')}
          testId="admin-users"
        >
          {users.data?.pages[0] && (
            <UsersTable
              rows={userRows}
              abilities={users.data.pages[0].abilities}
              onWarn={actions.askWarnUser}
            />
          )}
        </ListStatus>
      </section>
      <section aria-labelledby="admin-dashboard-content">
        <div className="d-flex align-items-baseline gap-3 mb-2">
          <h2 className="h5 mb-0" id="admin-dashboard-content">
            {t('admin.dashboard.content')}
          </h2>
          <Link to="/admin/content" className="small">
            {t('admin.dashboard.seeAll')}
          </Link>
        </div>
        <ListStatus
          query={content}
          isEmpty={contentRows.length === 0}
          emptyText={t('admin.content.empty')}
          testId="admin-content"
        >
          {content.data?.pages[0] && (
            <ContentTable
              rows={contentRows}
              abilities={content.data.pages[0].abilities}
              onWarn={actions.askWarnContent}
            />
          )}
        </ListStatus>
      </section>
    </div>
  );
}
