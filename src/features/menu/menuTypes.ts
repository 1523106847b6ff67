export interface MenuItem {
  id: string;
  parentId: string | null;
  /** i18n key of the label. */
  name: string;
  path: string;
  /** Name of the icon in the sidebar's icon set. */
  icon: string;
  children?: MenuItem[];
}
