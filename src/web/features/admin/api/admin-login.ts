import type { AuthResponse, LoginBody } from '@shared/auth.contract';
import { apiJson } from '@web/lib/api';

/** POST /api/auth/login (spec §7): the admin signs in like anyone else; the role decides after. */
export function adminLogin(input: LoginBody): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/login', input);
}
