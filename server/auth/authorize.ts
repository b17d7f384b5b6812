import { can, type Actor, type Owned, type Permission } from '../../common/rules/permissions';
import { fail } from '../http/errors';

/**
 * The one authorization verb (issue 9): 401 without a signed-in actor, 403 when the actor's
 * role does not hold `permission` (or holds it only for its own resources and `resource` is
 * someone else's). Every protected service call goes through it.
 */
export function authorize(
  actor: Actor | null,
  permission: Permission,
  resource?: Owned,
): asserts actor is Actor {
  if (!actor) throw fail('sign_in_required');
  if (!can(actor, permission, resource)) throw fail('forbidden');
}
