import { useMutation } from '@tanstack/react-query';
import {
  CreateReportResponse,
  ReportResponse,
  type ReportReason,
} from '../../../../../common/schemas/reports';
import { request } from '../../../shared/api/request';

/** What a report is about: a post, a comment, a person, or a message the reporter received. */
export interface ReportSubject {
  targetType: 'item' | 'comment' | 'user' | 'message';
  targetId: string;
}

export interface ReportSending {
  subject: ReportSubject;
  reason: ReportReason;
  text: string;
}

/**
 * Sends a report (issues 11 and 14). Posts, comments and people go to POST /api/v1/reports;
 * a message goes to POST /api/v1/messages/report, which only a participant may call. `created`
 * is false when the reporter already had an open report of the same thing (the messages call
 * does not say, so it counts as new).
 */
export function useSendReport() {
  return useMutation({
    mutationFn: async ({ subject, reason, text }: ReportSending): Promise<{ created: boolean }> => {
      if (subject.targetType === 'message') {
        ReportResponse.parse(
          await request('/api/v1/messages/report', {
            method: 'POST',
            body: { messageId: subject.targetId, reason, text: text || undefined },
          }),
        );
        return { created: true };
      }
      const { targetType, targetId } = subject;
      return CreateReportResponse.parse(
        await request('/api/v1/reports', {
          method: 'POST',
          body: { targetType, targetId, reason, text },
        }),
      );
    },
  });
}
