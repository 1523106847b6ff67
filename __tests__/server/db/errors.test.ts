import { isOtherSchemaDropped } from '../../../server/db/errors';

/** What node-postgres raises: an Error with the SQLSTATE as `code`. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isOtherSchemaDropped', () => {
  it.each<[string, unknown, string | undefined, boolean]>([
    ["another test's schema dropped under Kysely's catalog scan", pgError('3F000', 'schema "mqtt_6586_76e451a8" does not exist'), 't_1_kill_ab12cd', true],
    ['our own schema missing is not retried', pgError('3F000', 'schema "t_1_kill_ab12cd" does not exist'), 't_1_kill_ab12cd', false],
    ['without a schema of our own any vanished schema is another', pgError('3F000', 'schema "x" does not exist'), undefined, true],
    ['a missing table is another error', pgError('42P01', 'relation "notices" does not exist'), 't_1', false],
    ['a unique violation is another error', pgError('23505', 'duplicate key value'), 't_1', false],
    ['not a database error', new Error('schema "x" does not exist'), 't_1', false],
    ['nothing thrown', undefined, 't_1', false],
  ])('%s', (_what, error, ownSchema, expected) => {
    expect(isOtherSchemaDropped(error, ownSchema)).toBe(expected);
  });
});
