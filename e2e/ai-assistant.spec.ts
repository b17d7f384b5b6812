import { expect, test, type Page } from '@playwright/test';
import { signInDemoViaApi, signInPage } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedStorage } from './support/seeded-session';

async function openPanel(page: Page) {
  const toggle = page.getByTestId('app-header').getByRole('button', { name: 'AI assistant' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('dialog', { name: 'AI assistant' });
  await expect(panel).toBeVisible();
  return { panel, toggle };
}

test('the header toggle opens the assistant; Enter sends and quick replies ask again', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'creator'));
  await page.goto('/dashboard');
  const { panel, toggle } = await openPanel(page);

  // The intro card leads to the three studio modes.
  for (const [name, mode] of [
    ['Prompt', 'prompt'],
    ['Visual', 'visual'],
    ['Draft', 'draft'],
  ] as const) {
    await expect(panel.getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/studio?mode=${mode}`,
    );
  }

  const input = panel.getByRole('textbox', { name: 'Message to the assistant' });
  const send = panel.getByRole('button', { name: 'Send', exact: true });
  await expect(input).toBeFocused();

  // It says who answers: the built-in guide, what it can do, and how a model is connected.
  const notice = panel.getByTestId('ai-provider');
  await expect(notice).toContainText('Answered by Aura’s built-in guide');
  await expect(notice).toContainText('refunds, resetting a password');
  await expect(notice.getByText('OPENAI_BASE_URL')).toBeHidden();
  await notice.getByText('How an operator connects a language model').click();
  await expect(notice.getByText('OPENAI_BASE_URL')).toBeVisible();

  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();

  // Shift+Enter adds a line and sends nothing.
  await input.fill('How much did I earn');
  await input.press('Shift+Enter');
  await input.pressSequentially('this month?');
  await expect(input).toHaveValue('How much did I earn\nthis month?');
  await expect(panel.getByTestId('chat-message-user')).toHaveCount(0);

  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(panel.getByTestId('chat-message-user')).toHaveText(
    /How much did I earn\s+this month\?/,
  );
  const reply = panel.getByTestId('chat-message-ai').first();
  await expect(reply).toContainText(/earnings this month/);
  await expect(reply).not.toContainText('Option:');
  const quickReplies = reply
    .getByRole('group', { name: 'Suggested questions' })
    .getByRole('button');
  await expect(quickReplies).toHaveCount(3);

  const question = (await quickReplies.first().innerText()).trim();
  await quickReplies.first().click();
  await expect(panel.getByTestId('chat-message-user')).toHaveCount(2);
  await expect(panel.getByTestId('chat-message-user').nth(1)).toHaveText(`You: ${question}`);
  await expect(panel.getByTestId('chat-message-ai')).toHaveCount(2);
  await expect(panel.getByTestId('chat-message-ai').nth(1)).not.toBeEmpty();

  expect(await seriousViolations(page, { include: '#assistant-panel' })).toEqual([]);

  // Escape closes it and gives focus back to the toggle.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toBeFocused();

  // The conversation survives navigation.
  await page.getByTestId('app-header').getByRole('link', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  const reopened = await openPanel(page);
  await expect(reopened.panel.getByTestId('chat-message-user')).toHaveCount(2);
});

test('an intro card button opens the studio in that mode and closes the panel', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'user'));
  await page.goto('/discover');
  const { panel } = await openPanel(page);
  await panel.getByRole('link', { name: 'Draft', exact: true }).click();
  await expect(page).toHaveURL(/\/studio\?mode=draft$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
});

test('the panel says chatbot.errorConnection when the network fails and chatbot.error when the answer has no response', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'user'));
  await page.goto('/discover');
  const { panel } = await openPanel(page);
  const input = panel.getByRole('textbox', { name: 'Message to the assistant' });

  // The network boundary of the browser: the request never reaches the server.
  await page.route('**/api/v1/ai/chat', (route) => route.abort('internetdisconnected'));
  await input.fill('Hello');
  await input.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText(
    'The server cannot be reached. Check your connection and try again.',
  );

  await page.route('**/api/v1/ai/chat', (route) => route.fulfill({ json: { answer: 'no' } }));
  await input.fill('Hello again');
  await input.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText(
    'The assistant could not answer. Please try again.',
  );
  await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
});

test('the assistant answers refunds and a forgotten password in Spanish', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'user'));
  await seedStorage(page, { language: 'es' });
  await page.goto('/discover');
  const toggle = page.getByTestId('app-header').getByRole('button', { name: 'Asistente de IA' });
  await toggle.click();
  const panel = page.getByRole('dialog', { name: 'Asistente de IA' });
  await expect(panel.getByTestId('ai-provider')).toContainText(
    'Responde la guía integrada de Aura',
  );
  const input = panel.getByRole('textbox', { name: 'Mensaje para el asistente' });
  await input.fill('¿Cómo pido un reembolso?');
  await input.press('Enter');
  await expect(panel.getByTestId('chat-message-ai').first()).toContainText(
    'Aura no tiene un botón de reembolso',
  );
  await input.fill('Olvidé mi contraseña');
  await input.press('Enter');
  await expect(panel.getByTestId('chat-message-ai').nth(1)).toContainText(
    '«¿Has olvidado tu contraseña?»',
  );
});
