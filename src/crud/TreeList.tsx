import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RowActionButtons, type RowAction } from './RowActions';
import type { ResourceRow } from './types';

export interface TreeNode {
  row: ResourceRow;
  children: TreeNode[];
}

/** Flat rows with a parent id → a forest; rows whose parent is missing become roots. Pure. */
export function buildTree(rows: ResourceRow[], parentKey = 'parent_id'): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const row of rows) nodes.set(String(row.id), { row, children: [] });
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const parent = row[parentKey];
    const node = nodes.get(String(row.id))!;
    const parentNode = parent === null || parent === undefined ? undefined : nodes.get(String(parent));
    if (parentNode && parentNode !== node) parentNode.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Depth-first rows with their depth, e.g. for an indented select of parents. */
export function flattenTree(nodes: TreeNode[], depth = 0): Array<{ row: ResourceRow; depth: number }> {
  return nodes.flatMap((n) => [{ row: n.row, depth }, ...flattenTree(n.children, depth + 1)]);
}

/** A tree of rows (departments, resources) with row buttons, indented by depth. */
export default function TreeList({
  rows,
  label,
  primary,
  secondary,
  actions = [],
  busyIds = [],
}: {
  rows: ResourceRow[];
  label: string;
  primary: (row: ResourceRow) => string;
  secondary?: (row: ResourceRow) => string;
  actions?: RowAction[];
  busyIds?: Array<number | string>;
}) {
  const { t } = useTranslation();
  const flat = flattenTree(buildTree(rows));
  if (flat.length === 0) return <Typography color="text.secondary">{t('kit.tableEmpty')}</Typography>;
  return (
    <List dense aria-label={label} role="tree">
      {flat.map(({ row, depth }) => (
        <ListItem
          key={row.id}
          role="treeitem"
          aria-level={depth + 1}
          sx={{ pl: 2 + depth * 3, borderBottom: 1, borderColor: 'divider' }}
          secondaryAction={<RowActionButtons row={row} actions={actions} busy={busyIds.includes(row.id)} />}
        >
          <ListItemText primary={<Box component="span">{(depth > 0 ? '└ ' : '') + primary(row)}</Box>} secondary={secondary?.(row)} />
        </ListItem>
      ))}
    </List>
  );
}
