export const SHIPPED_CONFIG: string;
export interface PreparedNginx {
  prefix: string;
  config: string;
  port: number;
  cleanup(): void;
}
export function nginxBinary(): string;
export function freePort(): Promise<number>;
export function prepareNginx(options?: { upstreams?: string[]; port?: number; webRoot?: string; transform?: (text: string) => string }): PreparedNginx;
export function testNginx(prepared: PreparedNginx): { ok: boolean; output: string };
export function startNginx(prepared: PreparedNginx): Promise<{ url: string; stop(): Promise<void> }>;
