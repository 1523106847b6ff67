/// <reference types="webpack/module" />

export interface DocPage {
  /** File name without .md, used in the URL (?doc=…). */
  slug: string;
  markdown: string;
}

/** Every Markdown file of docs/, bundled into the documentation page's chunk at build time. */
export function loadDocs(): DocPage[] {
  const context = require.context('../../../docs', false, /\.md$/);
  return context
    .keys()
    .filter((key) => key.startsWith('./'))
    .map((key) => ({ slug: key.replace(/^\.\//, '').replace(/\.md$/, ''), markdown: context(key) as string }))
    .sort((a, b) => (a.slug === 'README' ? -1 : b.slug === 'README' ? 1 : a.slug.localeCompare(b.slug)));
}

/** The first "# " heading of a page, or its slug. */
export function docTitle(page: DocPage): string {
  const heading = /^#\s+(.+)$/m.exec(page.markdown);
  return heading ? heading[1].trim() : page.slug;
}
