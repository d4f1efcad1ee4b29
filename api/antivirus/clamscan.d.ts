/**
 * The part of clamscan 2.4 (no types shipped) that api/antivirus/clamd.ts
 * uses: a clamd client over TCP, INSTREAM through `scanStream`.
 */
declare module "clamscan" {
  import type { Readable } from "node:stream";

  interface ReglagesNodeClam {
    removeInfected?: boolean;
    debugMode?: boolean;
    preference?: "clamdscan" | "clamscan";
    clamscan?: { active?: boolean };
    clamdscan?: {
      host?: string;
      port?: number;
      timeout?: number;
      localFallback?: boolean;
      active?: boolean;
      bypassTest?: boolean;
    };
  }

  interface ResultatAnalyse {
    isInfected: boolean | null;
    viruses: string[];
    resultString?: string;
    timeout?: boolean;
  }

  class NodeClam {
    init(options: ReglagesNodeClam): Promise<NodeClam>;
    scanStream(flux: Readable): Promise<ResultatAnalyse>;
  }

  export default NodeClam;
}
