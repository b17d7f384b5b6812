import { formatMoney } from '../../../../common/rules/money';
import { TIER_CURRENCY, TIER_PRICE_CENTS } from '../../../../common/rules/tiers';
import { OPTION_PREFIX } from '../../../../common/rules/ai-reply';
import type { AssistantLanguage } from '../../../../common/schemas/ai';
import type { FigureReader, Money } from '../provider';
import { detectIntent, type FigureIntent, type Intent } from './intents';
import { knowledgeOf } from './knowledge';
import { PHRASES, type Phrases } from './phrases/index';

/** The assistant panel without a model: one rule-based answer plus `Option:` follow-ups. */

/** Amounts per currency as one phrase: "€8.99 and $4.50" (never one sum across currencies). */
function formatAmounts(phrases: Phrases, amounts: Money[]): string {
  const parts = amounts.map((m) => formatMoney(m.cents, m.currency, phrases.locale));
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${phrases.and} ${parts.at(-1)}`;
}

const formatDay = (phrases: Phrases, date: Date) =>
  new Intl.DateTimeFormat(phrases.locale, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);

const nonZero = (amounts: Money[]) => amounts.filter((m) => m.cents !== 0);

async function figureAnswer(
  phrases: Phrases,
  figure: FigureIntent,
  figures: FigureReader,
): Promise<string> {
  const since = formatDay(phrases, figures.monthStart);
  const monthText = async () => {
    const month = nonZero(await figures.earningsThisMonth());
    return month.length > 0
      ? phrases.earningsMonth(formatAmounts(phrases, month), since)
      : phrases.noEarningsMonth(since);
  };
  const totalText = async () => {
    const total = nonZero(await figures.earningsTotal());
    return total.length > 0
      ? phrases.earningsTotal(formatAmounts(phrases, total))
      : phrases.noEarningsTotal;
  };
  switch (figure) {
    case 'earningsMonth':
      return monthText();
    case 'earningsTotal':
      return totalText();
    case 'earnings':
      return `${await monthText()} ${await totalText()}`;
    case 'sales':
      return phrases.sales(await figures.salesThisMonth(), since);
    case 'followers':
      return phrases.followers(await figures.followers());
    case 'bestItem': {
      const best = await figures.bestItem();
      return best
        ? phrases.bestItem(best.title, best.sales, formatAmounts(phrases, best.earned))
        : phrases.noBestItem;
    }
    case 'wallet': {
      const balance = await figures.walletBalance();
      return phrases.wallet(formatMoney(balance.cents, balance.currency, phrases.locale));
    }
  }
}

/** Which follow-up questions make sense after an answer, for a signed-in or signed-out user. */
function candidateOptions(
  intent: Intent,
  phrases: Phrases,
  language: AssistantLanguage,
  isSignedIn: boolean,
): string[] {
  const q = phrases.questions;
  const faq = knowledgeOf(language).faq;
  if (!isSignedIn) {
    const byTopic: Partial<Record<Intent['kind'], string[]>> = {
      help: [faq.upload.question, q.tiers, q.studio],
      tiers: [faq.registration.question, faq.find.question, q.features],
    };
    return byTopic[intent.kind] ?? [faq.registration.question, faq.find.question, q.tiers];
  }
  if (intent.kind === 'figure') {
    const next: Record<FigureIntent, string[]> = {
      earnings: [q.sales, q.bestItem, q.wallet],
      earningsMonth: [q.earningsTotal, q.sales, q.bestItem],
      earningsTotal: [q.earningsMonth, q.bestItem, q.followers],
      sales: [q.earningsMonth, q.bestItem, q.followers],
      followers: [q.earningsMonth, q.bestItem, faq.find.question],
      bestItem: [q.sales, q.earningsMonth, q.studio],
      wallet: [q.earningsMonth, q.tiers, faq.find.question],
    };
    return next[intent.figure];
  }
  if (intent.kind === 'help' && intent.topic === 'upload') {
    return [q.studio, q.tiers, q.earningsMonth];
  }
  if (intent.kind === 'studio') return [faq.upload.question, q.bestItem, q.about];
  return [q.earningsMonth, faq.upload.question, q.studio];
}

function topicAnswer(intent: Intent, phrases: Phrases, language: AssistantLanguage): string {
  const knowledge = knowledgeOf(language);
  switch (intent.kind) {
    case 'help':
      return knowledge.faq[intent.topic].answer.replace(/\n\n/g, ' ');
    case 'feature': {
      const card = knowledge.features[intent.topic];
      return `${card.title}: ${card.text}`;
    }
    case 'features':
      return [
        knowledge.featuresIntro,
        phrases.featuresLead,
        ...Object.values(knowledge.features).map((card) => `- ${card.title}: ${card.text}`),
      ].join('\n');
    case 'tiers': {
      const price = (cents: number) => formatMoney(cents, TIER_CURRENCY, phrases.locale);
      return phrases.tiers(price(TIER_PRICE_CENTS.Hypr), price(TIER_PRICE_CENTS.HyprSoul));
    }
    case 'studio':
      return phrases.studio;
    case 'about':
      return phrases.about;
    case 'greeting':
      return phrases.greeting;
    case 'thanks':
      return phrases.thanks;
    case 'othersFigures':
      return phrases.onlyOwnFigures;
    default:
      return phrases.unknown;
  }
}

const OPTIONS_SHOWN = 3;
const sameIntent = (a: Intent, b: Intent) => JSON.stringify(a) === JSON.stringify(b);

/** The candidates minus the question just answered, topped up from the general ones. */
function optionsAfter(
  intent: Intent,
  phrases: Phrases,
  language: AssistantLanguage,
  isSignedIn: boolean,
): string[] {
  const general = isSignedIn
    ? [phrases.questions.earningsMonth, phrases.questions.studio, phrases.questions.features]
    : [phrases.questions.tiers, phrases.questions.features, phrases.questions.about];
  const options: string[] = [];
  for (const option of [...candidateOptions(intent, phrases, language, isSignedIn), ...general]) {
    if (options.length === OPTIONS_SHOWN) break;
    if (!options.includes(option) && !sameIntent(detectIntent(option), intent)) {
      options.push(option);
    }
  }
  return options;
}

export interface ChatInput {
  message: string;
  language: AssistantLanguage;
  /** The caller's own figures; null when signed out. */
  figures: FigureReader | null;
}

/** SPEC §2/§4: the answer, then one `Option:` line per sensible next question. */
export async function chatAnswer(input: ChatInput): Promise<string> {
  const phrases = PHRASES[input.language];
  const intent = detectIntent(input.message);
  let body: string;
  if (intent.kind === 'figure') {
    body = input.figures
      ? await figureAnswer(phrases, intent.figure, input.figures)
      : phrases.signInForFigures;
  } else body = topicAnswer(intent, phrases, input.language);
  const options = optionsAfter(intent, phrases, input.language, input.figures !== null);
  return [body, '', ...options.map((option) => `${OPTION_PREFIX} ${option}`)].join('\n');
}
