import type { FastifyBaseLogger } from 'fastify';
import type { SessionGrant } from '../rbac/grantCache';
import { grants, type PermissionCode } from '@shared/permissions';
import { seesRow, type Ownership } from '../rbac/dataScope';

/** The WebSocket envelope of DJI's Cloud API (shared/spec/dji-cloud-api-next.md §3 "WebSocket"). */
export interface PilotMessage {
  biz_code: string;
  version: '1.0';
  timestamp: number;
  data: unknown;
}

export const pilotMessage = (bizCode: string, data: unknown, now = Date.now()): PilotMessage => ({ biz_code: bizCode, version: '1.0', timestamp: now, data });

/** One Pilot 2 `ws` connection: who it is (re-read when grants change) and how to reach it. */
export interface PilotPeer {
  grant: SessionGrant;
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** Who may receive a message: the peers with a permission, optionally only those who see a device. */
export interface Audience {
  permission: PermissionCode;
  /** Only peers whose data scope shows this device. */
  device?: Ownership;
}

/**
 * The connected Pilot 2 `ws` clients of this instance and the workspace each works in. A connection does not say its
 * workspace; its session does, by the workspace its Pilot HTTP calls name (the first thing Pilot 2 does after the
 * `ws` component loads is fetch that workspace's element groups), as DJI's demo keys its sessions by workspace.
 * Messages leave in the order they are published.
 */
export class PilotHub {
  private readonly peers = new Set<PilotPeer>();
  private readonly workspaceOfSession = new Map<string, number>();

  constructor(private readonly log: FastifyBaseLogger) {}

  add(peer: PilotPeer): void {
    this.peers.add(peer);
  }

  remove(peer: PilotPeer): void {
    this.peers.delete(peer);
    if (![...this.peers].some((other) => other.grant.sessionId === peer.grant.sessionId)) this.workspaceOfSession.delete(peer.grant.sessionId);
  }

  /** A Pilot HTTP call of this session named this (visible) workspace. */
  workingIn(sessionId: string, projectId: number): void {
    this.workspaceOfSession.set(sessionId, projectId);
  }

  get size(): number {
    return this.peers.size;
  }

  /** Sends a message to every peer of the audience. */
  publish(audience: Audience, bizCode: string, data: unknown): void {
    const text = JSON.stringify(pilotMessage(bizCode, data));
    for (const peer of this.peers) if (this.reaches(peer, audience)) this.deliver(peer, text);
  }

  /**
   * Sends a message about workspace `projectId` (null: about every workspace) to the peers of the audience working
   * in it; its data is built for the workspace of the peer (a layer's id is the workspace's own).
   */
  publishToWorkspace(projectId: number | null, audience: Audience, bizCode: string, data: (workspace: number) => unknown): void {
    const texts = new Map<number, string>();
    for (const peer of this.peers) {
      const workspace = this.workspaceOfSession.get(peer.grant.sessionId);
      if (workspace === undefined || (projectId !== null && workspace !== projectId) || !this.reaches(peer, audience)) continue;
      let text = texts.get(workspace);
      if (text === undefined) texts.set(workspace, (text = JSON.stringify(pilotMessage(bizCode, data(workspace)))));
      this.deliver(peer, text);
    }
  }

  /** Re-reads every peer's grant (after a change of sessions or roles); a peer whose session ended is closed. */
  async regrant(grantOf: (peer: PilotPeer) => Promise<SessionGrant | null>): Promise<void> {
    for (const peer of [...this.peers]) {
      const grant = await grantOf(peer);
      if (grant) peer.grant = grant;
      else {
        this.remove(peer);
        peer.close(4001, 'session ended');
      }
    }
  }

  closeAll(): void {
    for (const peer of this.peers) peer.close(1001, 'server stopping');
    this.peers.clear();
    this.workspaceOfSession.clear();
  }

  private reaches(peer: PilotPeer, audience: Audience): boolean {
    return grants(peer.grant.permissions, audience.permission) && (!audience.device || seesRow(peer.grant.dataScope, audience.device));
  }

  private deliver(peer: PilotPeer, text: string): void {
    try {
      peer.send(text);
    } catch (error) {
      this.log.warn({ err: error }, 'pilot ws: send failed');
    }
  }
}
