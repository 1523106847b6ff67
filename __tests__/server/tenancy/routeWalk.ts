/** One registered route: its method and full path as Fastify knows it (`/api/Task/:id/execute`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * The routes of `app.printRoutes({ commonPrefix: false })`: a tree whose lines read `├── /segment (GET, HEAD)`,
 * each nested four columns under its parent; a line's path is its parent's path plus its own segment.
 */
export function parseRouteTree(tree: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack.push(path);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) if (method && method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}
