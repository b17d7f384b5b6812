import type { AssistantLanguage } from '../../../../../common/schemas/ai';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import type { Phrases } from './types';

export type { Phrases } from './types';

export const PHRASES: Record<AssistantLanguage, Phrases> = { en, es, de };
