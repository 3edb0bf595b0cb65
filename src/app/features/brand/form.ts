import type { BrandKitSettings } from '~/contract/brand';
import type { FieldErrors } from '~/contract/errors';

/** Changes the settings, and clears the errors whose field starts with one of `keys`. */
export type UpdateSettings = (change: (settings: BrandKitSettings) => BrandKitSettings, ...keys: string[]) => void;

/** What each card of the brand kit form gets: the settings being edited, their errors, the one way to change them. */
export interface SectionProps {
  settings: BrandKitSettings;
  errors: FieldErrors;
  update: UpdateSettings;
}
