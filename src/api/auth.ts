import type { LoginInfo, UserInfo } from '@shared/user';
import type { HttpClient } from './client';

export interface Credentials {
  username: string;
  password: string;
}

export interface LoginResult {
  token: string;
  expiresAt: string;
  user: UserInfo;
}

export const login = (client: HttpClient, credentials: Credentials) => client.request<LoginResult>('POST', '/auth/login/', { body: credentials });

export const fetchLoginInfo = (client: HttpClient) => client.request<LoginInfo>('GET', '/logininfo/');

/**
 * A session's own broker account (an external broker with dynamic security), with the id its scope's sysinfo topics
 * are published under (null: scope `all`, the topics themselves).
 */
export interface BrokerAccount extends Credentials {
  scope: string | null;
}

/** This session's own broker account; null: the login token is the password. */
export const fetchBrokerAccount = (client: HttpClient) => client.request<BrokerAccount | null>('POST', '/auth/mqtt/');

export const logout = (client: HttpClient) => client.request<null>('POST', '/auth/logout/');

/** Keeps the signed-in session alive: its end moves a token lifetime on (the token stays the same). */
export const refreshSession = (client: HttpClient) => client.request<{ expiresAt: string }>('POST', '/auth/refresh/');
