/**
 * A feature's own UI texts, one table per language under the feature's namespace (t('<namespace>.<key>')).
 * Both languages must have the same keys; the i18n completeness test checks every registered feature.
 */
export interface FeatureText<T extends Record<string, unknown>> {
  namespace: string;
  'zh-cn': T;
  en: NoInfer<DeepStrings<T>>;
}

export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export function defineFeatureText<T extends Record<string, unknown>>(text: FeatureText<T>): FeatureText<T> {
  return text;
}
