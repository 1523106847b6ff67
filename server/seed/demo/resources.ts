import type { DemoContext } from './context';

/** The menu and API resource tree: each top-level menu with its children (menu pages, or `api:` resources). */
const MENU: [code: string, name: string, path: string | null, icon: string, children: string[]][] = [
  ['menu:home', '首页', '/home', 'home', []],
  ['menu:device', '设备管理', '/device', 'flight', ['api:device']],
  ['menu:project', '项目管理', '/project', 'folder', ['api:route']],
  ['menu:task', '任务管理', '/task', 'task', []],
  ['menu:airspace', '空域管理', '/airspace', 'cloud', ['menu:airspace:apply', 'menu:airspace:plan', 'menu:airspace:report']],
  ['menu:map', '地图', '/map', 'map', []],
  ['menu:system', '系统管理', '/system', 'settings', ['menu:system:dept', 'menu:system:role', 'menu:system:resource', 'menu:system:user', 'menu:system:audit']],
];

export async function seedResources({ db, stamp }: DemoContext): Promise<void> {
  let sort = 0;
  for (const [code, name, path, icon, children] of MENU) {
    const parent = await db
      .insertInto('resources')
      .values({ code, name, kind: 'menu', path, icon, parent_id: null, sort: sort++, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const child of children) {
      const kind = child.startsWith('api:') ? 'api' : 'menu';
      await db
        .insertInto('resources')
        .values({
          code: child,
          name: child.split(':').pop()!,
          kind,
          path: kind === 'menu' ? `${path}/${child.split(':').pop()}` : null,
          icon: null,
          parent_id: parent.id,
          sort: sort++,
          ...stamp,
        })
        .execute();
    }
  }
}
