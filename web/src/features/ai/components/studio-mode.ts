import {
  DEFAULT_STUDIO_MODE,
  isStudioMode,
  STUDIO_MIN_INPUT,
  type StudioMode,
} from '../../../../../common/schemas/ai';

/** SPEC §2/§9: the mode from `?mode=`; anything else opens the default, prompt. */
export const studioModeOf = (value: string | null): StudioMode =>
  isStudioMode(value) ? value : DEFAULT_STUDIO_MODE;

/** SPEC §5: at least 3 characters after trimming. */
export const isLongEnough = (input: string): boolean => input.trim().length >= STUDIO_MIN_INPUT;
