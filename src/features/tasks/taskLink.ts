import { focusLink } from '../../crud/queryRules';

/** The task list (/Task/UAV) focused on one task, its details open: where the /Tas drone card's task name leads. */
export const taskLink = (id: number) => focusLink('/Task/UAV', id);
