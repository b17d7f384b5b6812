import type { TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { multipartBody } from '../media/test-helpers';

/** Posts a member CSV to the import call, as the dashboard's import panel does. */
export function importCsv(
  t: TestApp,
  user: TestUser | null,
  csv: string | Buffer,
  query: Record<string, string> = {},
) {
  const body = multipartBody(typeof csv === 'string' ? Buffer.from(csv) : csv, {
    filename: 'members.csv',
    contentType: 'text/csv',
  });
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/creator/members/import${search ? `?${search}` : ''}`,
    headers: { ...body.headers, ...(user ? user.auth : {}) },
    payload: body.payload,
  });
}

/** A file in the columns of Ghost's member export, one line per address. */
export function ghostCsv(rows: { email: string; name?: string }[]): string {
  const header = 'id,email,name,note,subscribed_to_emails,complimentary_plan,labels,created_at';
  const lines = rows.map(
    (r, i) =>
      `${i + 1},${r.email},"${r.name ?? ''}",,true,false,,2024-01-0${(i % 9) + 1}T10:00:00Z`,
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}
