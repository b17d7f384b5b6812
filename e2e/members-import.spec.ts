import { expect, test } from '@playwright/test';
import { createLockedItem } from './payments-api';
import { signInPage, signUpViaApi, uniqueUsername } from './support/accounts';
import { linkFromMailbox, mailTextTo } from './support/mailbox';

/*
 * The member import (issue 42): a creator checks a file in Ghost's member export columns (a dry
 * run: who would be invited, who already has an account, which lines are refused and why),
 * confirms it, and sees its job finish; the new address gets its invitation, the existing
 * account a notice.
 */

const HEADER = 'id,email,name,note,subscribed_to_emails,complimentary_plan,labels,created_at';

const csvFile = (lines: string[]) => ({
  name: 'members.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`),
});

test('a creator checks a member file, confirms it and sees the import finish', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'importer' });
  // Publishing makes a user a creator (issue 4), who manages members.
  await createLockedItem(request, creator, '2,00');
  const existing = await signUpViaApi(request, { prefix: 'known' });
  const fresh = `${uniqueUsername('invitee').toLowerCase()}@example.test`;

  await signInPage(page, creator);
  await page.goto('/dashboard');
  const panel = page.getByTestId('import-panel');
  const file = panel.getByLabel('CSV file');

  // A file that is not CSV is refused whole, with the line of the fault in words.
  await file.setInputFiles(
    csvFile([`1,${fresh},"Ann,,true,false,,2024-01-01T10:00:00Z`, `2,b@example.test,Bob`]),
  );
  await panel.getByRole('button', { name: 'Check file' }).click();
  await expect(panel.getByTestId('import-error')).toHaveText(
    'The file is not valid CSV: line 2: a quoted field is never closed',
  );
  await expect(panel.getByTestId('import-report')).toHaveCount(0);

  // The dry run: one address to invite, one existing account, two lines refused with reasons.
  await file.setInputFiles(
    csvFile([
      `1,${fresh},"New Person",,true,false,,2024-01-01T10:00:00Z`,
      `2,${existing.email},"",,true,false,,2024-01-02T10:00:00Z`,
      `3,not-an-address,"",,true,false,,2024-01-03T10:00:00Z`,
      `4,,"No Address",,true,false,,2024-01-04T10:00:00Z`,
    ]),
  );
  await panel.getByRole('button', { name: 'Check file' }).click();
  const report = panel.getByTestId('import-report');
  await expect(report.getByTestId('import-to-invite')).toHaveText('1 address to invite');
  await expect(report.getByTestId('import-matching')).toHaveText(
    '1 existing account (gets a notice)',
  );
  await expect(report.getByTestId('import-refused')).toHaveText('2 lines refused');
  const refused = report.getByRole('table');
  await expect(refused.getByRole('row')).toHaveText([
    'LineAddressReason',
    '4not-an-addressNot a valid e-mail address',
    '5–No e-mail address',
  ]);

  // Confirmed: the import runs as one job, and the panel shows when it has finished.
  await panel.getByRole('button', { name: 'Confirm import (1 invitation)' }).click();
  await expect(panel.getByTestId('import-queued')).toContainText(
    'Import started: 1 invitation is being sent.',
  );
  await expect(panel.getByTestId('import-done')).toHaveText(
    'Import finished. 1 invitation sent · 1 existing account notified',
  );

  // The new address got its invitation with a sign-up link; the existing account a notice.
  expect(await linkFromMailbox(fresh, '/register')).toMatch(/^\/register\?token=/);
  expect(await mailTextTo(existing.email, /added you to their members list$/)).toContain(
    'Nothing changed in your account.',
  );
});
