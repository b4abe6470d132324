import { useMemo, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { MenuItem, MenuItemInput } from '@kopi/contract';
import { MenuIcon } from '../../../components/layouts/menu-icon';
import { RowAction, EditAction } from '../../../components/list-page/row-actions';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import { ListPage } from '../../../components/list-page/list-page';
import { useConfirmedDelete } from '../../../components/list-page/use-confirmed-delete';
import { ConfirmedDeleteDialog } from '../../../components/list-page/confirmed-delete-dialog';
import { useCrudAbilities } from '../../../lib/can-context';
import { toast } from '../../../lib/toasts';
import {
  createMenuItem,
  deleteMenuItem,
  reorderMenuItems,
  updateMenuItem,
  useInvalidateMenus,
  useMenuItems,
} from '../api';
import { MenuItemDialog, type ParentChoice } from '../components/menu-item-dialog';
import { inputOf } from '../menu-item-input';
import { useMenuStrings } from '../i18n';
import {
  buildTree,
  flattenTree,
  moveAmongSiblings,
  moveByDrop,
  orderChanges,
  subtreeIds,
  MAX_MENU_DEPTH,
  type DropPosition,
  type MenuTreeNode,
} from '../tree';
import { DragHandle, useRowDrag } from '../../../components/drag-handle';

/** Where on a row the pointer is: the top quarter drops before, the bottom after, else inside. */
function dropPosition(event: DragEvent<HTMLElement>): DropPosition {
  const box = event.currentTarget.getBoundingClientRect();
  const y = (event.clientY - box.top) / Math.max(1, box.height);
  return y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside';
}

/**
 * /settings/menu (read menu, the superadmin's): the one menu tree every user's menu is built from.
 * Items move by dragging (before, after or into another item) or with the up/down buttons (the
 * keyboard path; the edit dialog changes the parent); edits reach users at their next refresh.
 */
export function MenuPage() {
  const { t, language } = useMenuStrings();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('menu');
  const menus = useMenuItems();
  const invalidate = useInvalidateMenus();
  const editor = useFormEditor<MenuItem, MenuItemInput>(
    createMenuItem,
    updateMenuItem,
    invalidate,
    t,
  );
  const serverTree = useMemo(() => buildTree(menus.data ?? []), [menus.data]);
  // A move shows at once; the server's answer (or a refetch after a refusal) replaces it.
  const [pending, setPending] = useState<MenuTreeNode[] | null>(null);
  const tree = pending ?? serverTree;
  const rows = flattenTree(tree);
  const deletion = useConfirmedDelete<MenuItem>({
    remove: (target) => deleteMenuItem(target.id),
    refresh: invalidate,
    doneMessage: t('list.deleted'),
  });
  const { dragged, setDragged, over, setOver, end, drop } = useRowDrag<{
    id: string;
    position: DropPosition;
  }>();
  const name = (item: MenuItem) => (language === 'my' ? item.title_my : item.title_en);

  const saveOrder = async (next: MenuTreeNode[]) => {
    const items = orderChanges(tree, next);
    if (items.length === 0) return;
    setPending(next);
    try {
      await reorderMenuItems({ items });
      toast.success(t('list.moved'));
    } catch {
      // The client's toast says why; the list goes back to what the server holds.
    }
    await invalidate();
    setPending(null);
  };

  const onDrop = (event: DragEvent<HTMLElement>, targetId: string) => {
    const position = over?.id === targetId ? over.position : dropPosition(event);
    const source = drop(event);
    if (!source) return;
    const next = moveByDrop(tree, source, targetId, position);
    if (next) void saveOrder(next);
    else if (source !== targetId) toast.warning(t('list.cannotDrop'));
  };

  const parentsFor = (item: MenuItem | null): ParentChoice[] => {
    const excluded = item ? subtreeIds(tree, item.id) : new Set<string>();
    return rows
      .filter((row) => !excluded.has(row.node.item.id) && row.depth < MAX_MENU_DEPTH - 1)
      .map((row) => ({ id: row.node.item.id, label: name(row.node.item), depth: row.depth }));
  };

  const toggleHidden = async (item: MenuItem) => {
    try {
      await updateMenuItem(item.id, inputOf(item, { hidden: !item.hidden }), false);
      toast.success(
        item.hidden
          ? t('list.shownDone', { name: name(item) })
          : t('list.hiddenDone', { name: name(item) }),
      );
    } catch {
      // reported by the client
    }
    await invalidate();
  };

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'menu-add' }}
    >
      <Alert severity="info">{t('list.refreshNote')}</Alert>
      <Card>
        {menus.error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('list.error')}
          </Alert>
        ) : menus.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={44} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {t('list.empty')}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('list.tree')}
            sx={{ listStyle: 'none', m: 0, p: 1 }}
            data-testid="menu-tree"
          >
            {rows.map(({ node, depth, index, siblings }) => {
              const item = node.item;
              const label = name(item);
              const isOver = over?.id === item.id && dragged !== item.id;
              return (
                <Box
                  component="li"
                  key={item.id}
                  data-depth={depth}
                  data-testid="menu-row"
                  data-title={item.title}
                  data-hidden={item.hidden}
                  onDragOver={(e) => {
                    if (!dragged) return;
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    const position = dropPosition(e);
                    if (over?.id !== item.id || over.position !== position) {
                      setOver({ id: item.id, position });
                    }
                  }}
                  onDragLeave={() =>
                    setOver((current) => (current?.id === item.id ? null : current))
                  }
                  onDrop={(e) => onDrop(e, item.id)}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    py: 0.75,
                    pr: 1,
                    pl: 1 + depth * 4,
                    borderRadius: 1,
                    opacity: dragged === item.id ? 0.5 : item.hidden ? 0.65 : 1,
                    borderTop: 2,
                    borderBottom: 2,
                    borderColor: 'transparent',
                    ...(isOver && over.position === 'before' && { borderTopColor: 'primary.main' }),
                    ...(isOver &&
                      over.position === 'after' && { borderBottomColor: 'primary.main' }),
                    ...(isOver && over.position === 'inside' && { bgcolor: 'action.selected' }),
                    '&:hover': { bgcolor: isOver ? undefined : 'action.hover' },
                  }}
                >
                  {mayUpdate && (
                    <DragHandle
                      id={item.id}
                      label={t('list.dragHandle', { name: label })}
                      role="button"
                      testId="menu-drag-handle"
                      row="li"
                      onStart={setDragged}
                      onEnd={end}
                    />
                  )}
                  <Box
                    sx={{
                      display: 'flex',
                      width: 24,
                      justifyContent: 'center',
                      color: 'text.secondary',
                    }}
                  >
                    <MenuIcon name={item.icon} />
                  </Box>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} data-testid="menu-row-title">
                      {item.title_en}
                      <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                        / {item.title_my}
                      </Typography>
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      <Box component="code">{item.title}</Box>
                      {' · '}
                      {item.path ?? t('list.noPath')}
                      {' · '}
                      {item.action && item.subject ? (
                        <Box component="code">{`${item.action}-${item.subject}`}</Box>
                      ) : (
                        t('list.everyone')
                      )}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', sm: 'flex' } }}>
                    {item.hidden && <Chip size="small" color="warning" label={t('list.hidden')} />}
                    {item.builtin && (
                      <Chip size="small" variant="outlined" label={t('list.builtin')} />
                    )}
                  </Stack>
                  {mayUpdate && (
                    <>
                      <IconButton
                        size="small"
                        aria-label={t('list.moveUp', { name: label })}
                        disabled={index === 0 || Boolean(pending)}
                        onClick={() => {
                          const next = moveAmongSiblings(tree, item.id, -1);
                          if (next) void saveOrder(next);
                        }}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('list.moveDown', { name: label })}
                        disabled={index === siblings - 1 || Boolean(pending)}
                        onClick={() => {
                          const next = moveAmongSiblings(tree, item.id, 1);
                          if (next) void saveOrder(next);
                        }}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                      <RowAction
                        label={
                          item.hidden
                            ? t('list.show', { name: label })
                            : t('list.hide', { name: label })
                        }
                        icon={
                          item.hidden ? (
                            <VisibilityOutlined fontSize="small" />
                          ) : (
                            <VisibilityOffOutlined fontSize="small" />
                          )
                        }
                        size="small"
                        onClick={() => void toggleHidden(item)}
                        testId="menu-toggle-hidden"
                      />
                      <EditAction
                        label={t('list.edit', { name: label })}
                        size="small"
                        onClick={() => editor.openEdit(item)}
                        testId="menu-edit"
                      />
                    </>
                  )}
                  {mayDelete && (
                    <RowAction
                      label={t('list.delete', { name: label })}
                      tooltip={
                        item.builtin ? t('list.builtinNoDelete') : t('list.delete', { name: label })
                      }
                      icon={<DeleteOutlined fontSize="small" />}
                      size="small"
                      disabled={item.builtin}
                      onClick={() => deletion.ask(item)}
                      testId="menu-delete"
                    />
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Card>
      <MenuItemDialog item={editor.record} parents={parentsFor(editor.record)} {...editor.form} />
      <ConfirmedDeleteDialog deletion={deletion} t={t} labelOf={name} namedIn="title" />
    </ListPage>
  );
}
