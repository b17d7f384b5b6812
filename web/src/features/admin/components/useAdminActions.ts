import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WARNING_REASON,
  type AdminContentRow,
  type AdminUserRow,
  type Warning,
} from '../../../../../common/schemas/admin';
import { useSetHidden, useSetSuspension, useWarn } from '../api/admin';
import type { ConfirmRequest } from './ConfirmDialog';

/**
 * The moderation actions of the users and content tables, each behind a confirmation (SPEC §5)
 * with an optional reason, and the notice shown once the server has answered.
 */
export function useAdminActions(
  options: { onContentWarned?: (warning: Warning) => void | Promise<void> } = {},
) {
  const { t } = useTranslation();
  const warnUser = useWarn('user');
  const warnContent = useWarn('content');
  const suspension = useSetSuspension();
  const hiding = useSetHidden();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const defaultHint = (fallback: string) => t('admin.actions.reasonHint', { fallback });

  return {
    confirming,
    notice,
    closeConfirm: () => setConfirming(null),
    dismissNotice: () => setNotice(null),

    askWarnUser(row: AdminUserRow) {
      setNotice(null);
      setConfirming({
        title: t('admin.confirm.warnUser', { username: row.username }),
        body: t('admin.confirm.warnUserBody', { username: row.username }),
        confirmLabel: t('admin.actions.warn'),
        variant: 'warning',
        reasonHint: defaultHint(DEFAULT_WARNING_REASON),
        run: async (reason) => {
          await warnUser.mutateAsync({ id: row.id, reason });
          setNotice(t('admin.users.warned', { username: row.username }));
        },
      });
    },

    askWarnContent(row: AdminContentRow) {
      setNotice(null);
      setConfirming({
        title: t('admin.confirm.warnContent', { title: row.title }),
        body: t('admin.confirm.warnContentBody', { creator: row.creator }),
        confirmLabel: t('admin.actions.warn'),
        variant: 'warning',
        reasonHint: defaultHint(DEFAULT_WARNING_REASON),
        run: async (reason) => {
          const { warning } = await warnContent.mutateAsync({ id: row.id, reason });
          setNotice(t('admin.content.warned', { creator: row.creator, title: row.title }));
          await options.onContentWarned?.(warning);
        },
      });
    },

    askSuspension(row: AdminUserRow) {
      setNotice(null);
      const suspend = row.status === 'active';
      setConfirming({
        title: t(suspend ? 'admin.confirm.suspend' : 'admin.confirm.reactivate', {
          username: row.username,
        }),
        body: t(suspend ? 'admin.confirm.suspendBody' : 'admin.confirm.reactivateBody'),
        confirmLabel: t(suspend ? 'admin.actions.suspend' : 'admin.actions.reactivate'),
        variant: suspend ? 'danger' : 'primary',
        reasonHint: t('admin.actions.reasonAudit'),
        run: async (reason) => {
          await suspension.mutateAsync({ id: row.id, suspended: suspend, reason });
          setNotice(
            t(suspend ? 'admin.users.suspended' : 'admin.users.reactivated', {
              username: row.username,
            }),
          );
        },
      });
    },

    askHiding(row: AdminContentRow) {
      setNotice(null);
      const hide = !row.hidden;
      setConfirming({
        title: t(hide ? 'admin.confirm.hide' : 'admin.confirm.unhide', { title: row.title }),
        body: t(hide ? 'admin.confirm.hideBody' : 'admin.confirm.unhideBody'),
        confirmLabel: t(hide ? 'admin.actions.hide' : 'admin.actions.unhide'),
        variant: hide ? 'danger' : 'primary',
        reasonHint: t('admin.actions.reasonAudit'),
        run: async (reason) => {
          await hiding.mutateAsync({ id: row.id, hidden: hide, reason });
          setNotice(
            t(hide ? 'admin.content.hiddenNotice' : 'admin.content.shownNotice', {
              title: row.title,
            }),
          );
        },
      });
    },
  };
}

export type AdminActions = ReturnType<typeof useAdminActions>;
