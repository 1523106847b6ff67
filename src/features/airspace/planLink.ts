import { focusLink } from '../../crud/queryRules';

/** The flight plan list (/AirSpace/Plan) focused on one plan: where the /Tas drone card's plan leads. */
export const planLink = (id: number) => focusLink('/AirSpace/Plan', id);
