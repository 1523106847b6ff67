import { AIRSPACE_RESTRICTING_CATEGORIES } from '@shared/entities/feature';

/** The category an imported feature without one gets. */
export const IMPORT_CATEGORY = 'import';

/** Categories with a translated label (the server's demo data and the import default); any other is the user's own text. */
export const KNOWN_CATEGORIES: readonly string[] = ['landing_site', 'powerline', ...AIRSPACE_RESTRICTING_CATEGORIES, IMPORT_CATEGORY];

type Translate = (key: string) => string;

/** A category's label: translated when known, else the category as its author wrote it. */
export const categoryLabel = (category: string, t: Translate): string => (KNOWN_CATEGORIES.includes(category) ? t(`map.categories.${category}`) : category);

/** The category field's text as a category: a known category's label stands for its code. */
export const categoryOfInput = (text: string, t: Translate): string => KNOWN_CATEGORIES.find((c) => categoryLabel(c, t) === text.trim()) ?? text;
