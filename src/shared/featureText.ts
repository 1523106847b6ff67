/**
 * A feature's own UI texts under the feature's namespace (t('<namespace>.<key>')): the zh-cn table here, in the
 * feature's text.ts, and the English one in text.en.ts (loaded only when English is chosen), which must have
 * exactly the same keys; the compiler and the i18n completeness test both check it.
 */
export interface FeatureText<T extends Record<string, unknown>> {
  namespace: string;
  'zh-cn': T;
}

export interface FeatureTranslation {
  namespace: string;
  table: Record<string, unknown>;
}

export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export function defineFeatureText<T extends Record<string, unknown>>(text: FeatureText<T>): FeatureText<T> {
  return text;
}

/** A feature's table in another language, shaped like its zh-cn table. */
export function translateFeature<T extends Record<string, unknown>>(text: FeatureText<T>, table: NoInfer<DeepStrings<T>>): FeatureTranslation {
  return { namespace: text.namespace, table };
}

/** A whole language's table: the base table plus each feature's under its namespace. */
export function withFeatures(base: object, features: readonly FeatureTranslation[]): Record<string, unknown> {
  return Object.assign({}, base, ...features.map((f) => ({ [f.namespace]: f.table })));
}
