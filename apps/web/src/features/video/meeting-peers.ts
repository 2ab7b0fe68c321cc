import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  VIDEO_NAMESPACE,
  VideoEvents,
  VideoMessages,
  type IceServer,
  type VideoJoinResult,
  type VideoPeer,
} from '@casebook/domain';

type Signal = {
  from: string;
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: RTCIceCandidateInit;
};

export type RemotePeer = VideoPeer & { stream: MediaStream | null };

export type MeetingEvents = {
  /** The peers in the meeting and their streams, after every change. */
  onPeers(peers: RemotePeer[]): void;
  /** The meeting ended (its limit, or staff closed it), or the link was refused. */
  onEnded(message: string): void;
  /** The connection to the server was lost (not by the meeting's end). */
  onLost(): void;
};

/**
 * One participant's side of a meeting: the socket to the hub's /video namespace (signed in with the link's
 * token), and a peer connection to each other participant (a mesh: meetings have at most four). The one who
 * joins later makes the offers, so two sides never offer to each other at once.
 */
export class MeetingConnection {
  #socket: Socket | undefined;
  #pcs = new Map<string, RTCPeerConnection>();
  #pending = new Map<string, RTCIceCandidateInit[]>();
  #peers = new Map<string, RemotePeer>();
  #ended = false;

  constructor(
    private readonly token: string,
    private readonly iceServers: IceServer[],
    private readonly local: MediaStream | null,
    private readonly events: MeetingEvents,
  ) {}

  /** Connects and joins; resolves with the join's answer. */
  join(): Promise<VideoJoinResult> {
    return new Promise((resolve) => {
      const socket = io(VIDEO_NAMESPACE, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        auth: { token: this.token },
      });
      this.#socket = socket;
      socket.on('connect_error', (e) => resolve({ ok: false, error: e.message || VideoMessages.invalidToken }));
      socket.on(VideoEvents.ended, (e: { message?: string }) => this.#end(e.message ?? VideoMessages.ended));
      socket.on('disconnect', () => {
        if (!this.#ended) this.events.onLost();
      });
      socket.on(VideoEvents.peerJoined, (p: VideoPeer) => {
        this.#peers.set(p.peerId, { ...p, stream: null });
        this.#publish();
      });
      socket.on(VideoEvents.peerLeft, ({ peerId }: { peerId: string }) => {
        this.#pcs.get(peerId)?.close();
        this.#pcs.delete(peerId);
        this.#peers.delete(peerId);
        this.#publish();
      });
      socket.on(VideoEvents.signal, (s: Signal) => void this.#onSignal(s));
      socket.on('connect', () => {
        void (socket.emitWithAck(VideoEvents.join, {}) as Promise<VideoJoinResult>).then(async (r) => {
          if (r.ok) {
            for (const p of r.peers) this.#peers.set(p.peerId, { ...p, stream: null });
            this.#publish();
            for (const p of r.peers) await this.#offer(p.peerId);
          }
          resolve(r);
        });
      });
    });
  }

  leave(): void {
    this.#ended = true;
    this.#socket?.close();
    for (const pc of this.#pcs.values()) pc.close();
    this.#pcs.clear();
  }

  #end(message: string) {
    if (this.#ended) return;
    this.leave();
    this.#peers.clear();
    this.#publish();
    this.events.onEnded(message);
  }

  #publish() {
    this.events.onPeers([...this.#peers.values()]);
  }

  #send(to: string, data: Omit<Signal, 'from'>) {
    this.#socket?.emit(VideoEvents.signal, { to, ...data });
  }

  #pc(peerId: string): RTCPeerConnection {
    const existing = this.#pcs.get(peerId);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers as RTCIceServer[] });
    this.#pcs.set(peerId, pc);
    if (this.local) for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    else {
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
    }
    pc.onicecandidate = (e) => {
      if (e.candidate) this.#send(peerId, { candidate: e.candidate.toJSON() });
    };
    pc.ontrack = (e) => {
      const peer = this.#peers.get(peerId);
      if (!peer) return;
      const stream = e.streams[0] ?? peer.stream ?? new MediaStream();
      if (!e.streams[0]) stream.addTrack(e.track);
      this.#peers.set(peerId, { ...peer, stream });
      this.#publish();
    };
    return pc;
  }

  async #offer(peerId: string) {
    const pc = this.#pc(peerId);
    await pc.setLocalDescription(await pc.createOffer());
    const d = pc.localDescription!;
    this.#send(peerId, { description: { type: d.type as 'offer', sdp: d.sdp } });
  }

  async #onSignal(s: Signal) {
    if (this.#ended) return;
    const pc = this.#pc(s.from);
    if (s.description) {
      await pc.setRemoteDescription(s.description);
      for (const c of this.#pending.get(s.from) ?? []) await pc.addIceCandidate(c).catch(() => undefined);
      this.#pending.delete(s.from);
      if (s.description.type === 'offer') {
        await pc.setLocalDescription(await pc.createAnswer());
        const d = pc.localDescription!;
        this.#send(s.from, { description: { type: 'answer', sdp: d.sdp } });
      }
    } else if (s.candidate) {
      if (pc.remoteDescription) await pc.addIceCandidate(s.candidate).catch(() => undefined);
      else this.#pending.set(s.from, [...(this.#pending.get(s.from) ?? []), s.candidate]);
    }
  }
}
