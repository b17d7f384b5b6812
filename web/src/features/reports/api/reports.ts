import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CreateReportResponse,
  type CreateReportRequest,
} from '../../../../../common/schemas/reports';
import { request } from '../../../shared/api/request';

/** POST /api/v1/reports: the report button on posts, comments and profiles (issue 14). */
export function useCreateReport() {
  return useMutation({
    mutationFn: async (body: z.input<typeof CreateReportRequest>) =>
      CreateReportResponse.parse(await request('/api/v1/reports', { method: 'POST', body })),
  });
}
