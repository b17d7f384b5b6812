import { expect, test } from '@playwright/test';
import { signInDemoViaApi, signInPage } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedStorage } from './support/seeded-session';

test('the studio opens on prompt, refuses short input and answers with bullet points', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'creator'));
  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1, name: 'AI studio' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');

  const input = page.getByRole('textbox', { name: 'Your idea' });
  await input.fill('  ab ');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Please enter at least 3 characters.')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await input.fill('A rainy lofi beat for late study nights');
  await page.getByRole('combobox', { name: 'Category (optional)' }).selectOption('Music');
  await input.press('Control+Enter');
  const result = page.getByTestId('studio-result');
  await expect(result.getByRole('listitem')).toHaveCount(4);
  // Built from the item: its words, its category and the subcategory they name.
  await expect(result.getByRole('listitem').first()).toContainText(
    'A rainy lofi beat for late study nights (Music · Beats) — focus on',
  );

  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

  // SPEC §4: the result shows only while the input is long enough.
  await input.fill('ab');
  await expect(result).toHaveCount(0);
});

test('switching tabs replaces the history entry and clears the input and error', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'creator'));
  await page.goto('/dashboard');
  await page.goto('/studio?mode=prompt');
  const input = page.getByRole('textbox', { name: 'Your idea' });
  await input.fill('x');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Please enter at least 3 characters.')).toBeVisible();

  await page.getByRole('tab', { name: 'Draft' }).click();
  await expect(page).toHaveURL(/\/studio\?mode=draft$/);
  await expect(page.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveValue('');
  await expect(page.getByText('Please enter at least 3 characters.')).toHaveCount(0);

  // The prompt entry was replaced: back leads to the page before the studio.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a draft goes to the upload form as the new item’s title, description and tags', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'creator'));
  await page.goto('/studio?mode=draft');
  await page.getByRole('textbox', { name: 'Your idea' }).fill('rainy lofi beat for studying');
  await page.getByRole('combobox', { name: 'Category (optional)' }).selectOption('Music');
  await page.getByRole('button', { name: 'Generate' }).click();
  const result = page.getByTestId('studio-result');
  await expect(result.getByRole('listitem').first()).toHaveText(
    'Title: Rainy lofi beat for studying',
  );
  await result.getByRole('button', { name: 'Use as upload draft' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByText('This draft comes from the AI studio.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Rainy lofi beat for studying');
  await expect(page.getByLabel('Description')).toHaveValue(/^Rainy lofi beat for studying\./);
});

test('the visual mode shows Aura’s own placeholder image under the CSP', async ({
  page,
  request,
}) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await signInPage(page, await signInDemoViaApi(request, 'user'));
  await page.goto('/studio?mode=visual');
  await page.getByRole('textbox', { name: 'Your idea' }).fill('Neon city at night');
  await page.getByRole('button', { name: 'Generate' }).click();
  const image = page.getByRole('img', { name: 'Placeholder image for: Neon city at night' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', '/api/v1/ai/placeholder?text=Neon+city+at+night');
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  expect(cspErrors).toEqual([]);
});

test('the studio says the built-in guide answers, and drafts from the item’s tags, tier and price', async ({
  page,
  request,
}) => {
  await signInPage(page, await signInDemoViaApi(request, 'creator'));
  await page.goto('/studio?mode=draft');
  const notice = page.getByTestId('ai-provider');
  await expect(notice).toContainText('Answered by Aura’s built-in guide');
  await expect(notice).toContainText('your idea as the title, the category, your tags');
  await notice.getByText('How an operator connects a language model').click();
  for (const name of ['AI_PROVIDER=ollama', 'OLLAMA_URL', 'OPENAI_BASE_URL', 'AI_MODEL']) {
    await expect(notice.getByText(name, { exact: true }).first()).toBeVisible();
  }

  await page.getByRole('textbox', { name: 'Your idea' }).fill('A pack of synth loops');
  await page
    .getByRole('textbox', { name: 'Tags (optional, separated by commas)' })
    .fill('ambient, ');
  await page.getByRole('combobox', { name: 'Included in tier (optional)' }).selectOption('Hypr');
  const price = page.getByRole('textbox', { name: 'Price in € (optional)' });
  await price.fill('4,5x');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Enter a price such as 4.99, or leave it empty.')).toBeVisible();
  await expect(page.getByTestId('studio-result')).toHaveCount(0);

  await price.fill('4,50');
  await page.getByRole('button', { name: 'Generate' }).click();
  const lines = page.getByTestId('studio-result').getByRole('listitem');
  await expect(lines).toHaveText([
    'Title: A pack of synth loops',
    'Description: A pack of synth loops. Loops in Music for producers, DJs and musicians. Members of Hypr open it without buying it. €4.50 to unlock.',
    'Tags: ambient, pack, synth, loops, music',
  ]);
  await expect(lines.first()).not.toContainText('routine');
});

test('the studio tells who answers in German too', async ({ page, request }) => {
  await signInPage(page, await signInDemoViaApi(request, 'user'));
  await seedStorage(page, { language: 'de' });
  await page.goto('/studio?mode=prompt');
  await expect(page.getByTestId('ai-provider')).toContainText(
    'Es antwortet Auras eingebauter Guide: Regeln, kein Sprachmodell.',
  );
});
