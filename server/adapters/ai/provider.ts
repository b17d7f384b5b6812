import type { Tier } from '../../../common/rules/tiers';
import type { AssistantLanguage, AssistantMode } from '../../../common/schemas/ai';

export type AiProviderName = 'builtin' | 'ollama' | 'openai';

/** SPEC §7/§9 sampling parameters, already clamped into range by the ai module. */
export interface GenerationParameters {
  temperature: number;
  top_k: number;
  top_p: number;
  repeat_penalty: number;
  max_tokens: number;
}

/** An amount of one currency; figures in different currencies are never added together. */
export interface Money {
  cents: number;
  /** ISO 4217, lower case as the ledger keeps it ('eur', 'usd'). */
  currency: string;
}

/** The signed-in user's own figures, read from the database for their questions only. */
export interface UserFigures {
  username: string;
  /** Net earnings (after the platform fee) since the start of this month (UTC), per currency. */
  earningsThisMonth: Money[];
  earningsTotal: Money[];
  /** Items sold this month (sale entries of the earnings ledger). */
  salesThisMonth: number;
  followers: number;
  /** The item with the most sales, or null before the first sale. */
  bestItem: { title: string; sales: number; earned: Money[] } | null;
  walletBalance: Money;
  monthStart: Date;
}

/**
 * The signed-in user's figures, each read on first use only: the built-in guide answers one
 * question with one read; a language model gets them all (`all`).
 */
export interface FigureReader {
  monthStart: Date;
  earningsThisMonth(): Promise<Money[]>;
  earningsTotal(): Promise<Money[]>;
  salesThisMonth(): Promise<number>;
  followers(): Promise<number>;
  bestItem(): Promise<UserFigures['bestItem']>;
  walletBalance(): Promise<Money>;
  all(): Promise<UserFigures>;
}

/** The item a studio request is about, as far as the creator has said. */
export interface StudioItem {
  /** A catalogue category chosen in the studio; an unknown name is passed on as given. */
  category: string | null;
  /** The creator's own tags, trimmed and unique. */
  tags: string[];
  /** The membership tier whose members open it without buying it. */
  tier: Tier | null;
  /** Its price in euro cents (items are priced in euros); 0 is free. */
  priceCents: number | null;
}

/** What a provider is asked: the question, its context, and how to sample. */
export interface AssistantRequest {
  mode: AssistantMode;
  message: string;
  language: AssistantLanguage;
  /** What the studio knows of the item; nothing in the chat panel. */
  item: StudioItem;
  model: string;
  parameters: GenerationParameters;
  /** The caller's own figures; null for a signed-out caller. */
  figures: FigureReader | null;
  /** Aborted on timeout or when the client goes away; providers pass it to their HTTP client. */
  signal: AbortSignal;
}

/** One interface for every model backend, chosen by AI_PROVIDER (issue 13). */
export interface AiProvider {
  readonly name: AiProviderName;
  /** The whole answer at once (SPEC §7 `stream: false`). */
  complete(request: AssistantRequest): Promise<string>;
  /** The answer piece by piece as the model produces it (`stream: true`). */
  stream(request: AssistantRequest): AsyncIterable<string>;
}

/**
 * Why a model could not answer. The ai module maps it to a clean HTTP answer: `timeout` to 504,
 * everything else to 502; the message is for the log, never for the client.
 */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'status' | 'malformed' | 'unreachable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
