import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n';
import { TIERS } from '../rules/tiers';
import { ITEM_PRICE_MAX_CENTS, ITEM_TAG_MAX_LENGTH, ITEM_TAGS_MAX } from './items';

/*
 * The AI assistant panel and the AI studio (issue 13): SPEC §7 POST /api/v1/ai/chat.
 *
 * The SPEC's request is `{ message }`; the studio variant adds model, temperature, top_k, top_p,
 * repeat_penalty, max_tokens and stream. Aura also takes `mode` (which studio tab asks, so the
 * answer fits it), `language` (the reply's language) and `category` (the draft's category).
 * Numbers outside their range are clamped by the server, not refused; an unknown model, a blank
 * or an over-long message is refused with 400 `{ error }`. The answer is `{ response }`; with
 * `stream: true` it is a stream of server-sent events instead (see ChatStreamEvent).
 */

/** SPEC §2: the studio's three tabs. */
export const STUDIO_MODES = ['prompt', 'visual', 'draft'] as const;
export type StudioMode = (typeof STUDIO_MODES)[number];
/** SPEC §9: the studio opens on prompt. */
export const DEFAULT_STUDIO_MODE: StudioMode = 'prompt';

export const isStudioMode = (value: unknown): value is StudioMode =>
  typeof value === 'string' && (STUDIO_MODES as readonly string[]).includes(value);

/** Who is asking: the assistant panel ('chat') or one of the studio tabs. */
export const ASSISTANT_MODES = ['chat', ...STUDIO_MODES] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

/** The languages of SPEC §1; the assistant answers in the one the interface shows. */
export const ASSISTANT_LANGUAGES = LANGUAGES;
export type AssistantLanguage = Language;

/** SPEC §5/§9: studio input needs at least 3 characters after trimming. */
export const STUDIO_MIN_INPUT = 3;

/** SPEC §9: the parameters the studio sends with every call. */
export const STUDIO_PARAMETERS = {
  max_tokens: 32,
  temperature: 0.2,
  top_k: 40,
  top_p: 0.9,
  repeat_penalty: 1,
} as const;

// Any number is taken: the server clamps it into its range (issue 13).
const finite = z.number();

export const ChatRequest = z.object({
  /** Blank or whitespace-only text is refused (SPEC §5); the length limit is AI_MAX_INPUT_CHARS. */
  message: z.string(),
  mode: z.enum(ASSISTANT_MODES).optional(),
  language: z.enum(ASSISTANT_LANGUAGES).optional(),
  /** A category of the catalogue (common/catalog), for drafts; unknown names are ignored. */
  category: z.string().max(60).optional(),
  /** The studio's item as far as the creator knows it: its tags and how it is to be sold. */
  tags: z.array(z.string().max(ITEM_TAG_MAX_LENGTH)).max(ITEM_TAGS_MAX).optional(),
  tier: z.enum(TIERS).optional(),
  priceCents: z.number().int().min(0).max(ITEM_PRICE_MAX_CENTS).optional(),
  /** One of the configured models (GET /api/v1/ai/models); absent means the default one. */
  model: z.string().max(200).optional(),
  temperature: finite.optional(),
  top_k: finite.optional(),
  top_p: finite.optional(),
  repeat_penalty: finite.optional(),
  max_tokens: finite.optional(),
  stream: z.boolean().optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

export const ChatResponse = z.object({ response: z.string() });
export type ChatResponse = z.infer<typeof ChatResponse>;

/**
 * With `stream: true` the answer is `text/event-stream`: `delta` events carry the next piece of
 * text, then one `done` event carries the whole `response` (what `stream: false` answers), or one
 * `error` event when the model fails after the first piece was sent.
 */
export const ChatStreamEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('done'), data: ChatResponse }),
  z.object({ event: z.literal('error'), data: z.object({ error: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;

/**
 * GET /api/v1/ai/models (signed in, `studio.use`): which provider answers (`openai` is any
 * OpenAI-compatible server) and which models a request may name; the panel and the studio say it.
 */
export const AiModelsResponse = z.object({
  provider: z.enum(['builtin', 'ollama', 'openai']),
  defaultModel: z.string(),
  models: z.array(z.string()),
});
export type AiModelsResponse = z.infer<typeof AiModelsResponse>;

/** GET /api/v1/ai/placeholder?text=: the visual mode's image, drawn by Aura itself. */
export const PLACEHOLDER_TEXT_MAX = 200;
export const PlaceholderQuery = z.object({
  text: z.string().trim().min(STUDIO_MIN_INPUT, 'studio.error.tooShort').max(PLACEHOLDER_TEXT_MAX),
});
export type PlaceholderQuery = z.infer<typeof PlaceholderQuery>;

export const placeholderPath = (text: string) =>
  `/api/v1/ai/placeholder?${new URLSearchParams({ text: text.trim() }).toString()}`;
