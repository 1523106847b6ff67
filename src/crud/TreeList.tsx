import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RowActionButtons, type RowAction } from './RowActions';

/** A row of a tree (departments, permission resources): its parent's id, null at the top. */
export type TreeRow = { id: number; parent_id: number | null };

export interface TreeNode<Row extends TreeRow> {
  row: Row;
  children: Array<TreeNode<Row>>;
}

/** Flat rows with a parent id → a forest; rows whose parent is missing become roots. Pure. */
export function buildTree<Row extends TreeRow>(rows: Row[]): Array<TreeNode<Row>> {
  const nodes = new Map<number, TreeNode<Row>>();
  for (const row of rows) nodes.set(row.id, { row, children: [] });
  const roots: Array<TreeNode<Row>> = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parentNode = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parentNode && parentNode !== node) parentNode.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Depth-first rows with their depth, e.g. for an indented select of parents. */
export function flattenTree<Row extends TreeRow>(nodes: Array<TreeNode<Row>>, depth = 0): Array<{ row: Row; depth: number }> {
  return nodes.flatMap((n) => [{ row: n.row, depth }, ...flattenTree(n.children, depth + 1)]);
}

/** A tree of rows (departments, resources) with row buttons, indented by depth. */
export default function TreeList<Row extends TreeRow>({
  rows,
  label,
  primary,
  secondary,
  actions = [],
  busyIds = [],
}: {
  rows: Row[];
  label: string;
  primary: (row: Row) => string;
  secondary?: (row: Row) => string;
  actions?: Array<RowAction<Row>>;
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
