import { formatMoney } from '../../../common/rules/money';
import { OPTION_PREFIX } from '../../../common/rules/ai-reply';
import { WALLET_CURRENCY as ITEM_CURRENCY } from '../../../common/schemas/billing';
import type { AssistantRequest, Money, StudioItem, UserFigures } from './provider';

/** What a language model is told before the user's message, per mode. */

const LANGUAGE_NAMES = { en: 'English', es: 'Spanish', de: 'German' } as const;

const MODE_INSTRUCTIONS = {
  chat:
    'You are the assistant of Aura, a self-hosted platform where creators publish digital items ' +
    '(music, video, art, templates) and offer the membership tiers Aura (free), Hypr ($5/month) ' +
    'and HyprSoul ($15/month). Answer briefly and only about using Aura. After the answer add up ' +
    `to three lines starting with "${OPTION_PREFIX}" with follow-up questions the user may ask.`,
  prompt:
    'You help a creator turn an idea into creative prompts for a new digital item. Answer with ' +
    'one prompt per line, no numbering, no introduction.',
  draft:
    "You draft the listing of a new digital item from the creator's notes. Answer with a line " +
    '"Title: ...", a line "Description: ..." and a line "Tags: ..." with three to five tags.',
  visual:
    'You describe the cover image of a new digital item in one line, then an alt text in a ' +
    'second line.',
} as const;

const money = (amounts: Money[]) =>
  amounts.length === 0 ? '0' : amounts.map((m) => formatMoney(m.cents, m.currency)).join(', ');

/** The signed-in user's own figures, so the model can answer "how much did I earn". */
function figuresContext(figures: UserFigures): string {
  return [
    `The signed-in user is @${figures.username}. Their own figures (never anyone else's):`,
    `- earnings this month after the platform fee: ${money(figures.earningsThisMonth)}`,
    `- earnings in total: ${money(figures.earningsTotal)}`,
    `- items sold this month: ${figures.salesThisMonth}`,
    `- followers: ${figures.followers}`,
    `- best-selling item: ${figures.bestItem ? `${figures.bestItem.title} (${figures.bestItem.sales} sales)` : 'none yet'}`,
    `- wallet balance: ${money([figures.walletBalance])}`,
    'Different currencies are never added together.',
  ].join('\n');
}

/** What the creator said of the item besides their idea, for a studio request. */
function itemContext(item: StudioItem): string[] {
  const lines: string[] = [];
  if (item.category) lines.push(`The item's category is ${item.category}.`);
  if (item.tags.length > 0) lines.push(`Its tags are: ${item.tags.join(', ')}.`);
  if (item.tier) lines.push(`Members of the ${item.tier} tier open it without buying it.`);
  if (item.priceCents !== null) {
    lines.push(
      item.priceCents === 0
        ? 'It is free.'
        : `It costs ${formatMoney(item.priceCents, ITEM_CURRENCY)} to unlock.`,
    );
  }
  return lines;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** The system and user messages for one request. Figures are loaded only for the chat panel. */
export async function promptMessages(request: AssistantRequest): Promise<ChatMessage[]> {
  const system = [
    MODE_INSTRUCTIONS[request.mode],
    `Always answer in ${LANGUAGE_NAMES[request.language]}.`,
  ];
  if (request.mode !== 'chat') system.push(...itemContext(request.item));
  if (request.mode === 'chat' && request.figures) {
    system.push(figuresContext(await request.figures.all()));
  }
  return [
    { role: 'system', content: system.join('\n') },
    { role: 'user', content: request.message },
  ];
}
