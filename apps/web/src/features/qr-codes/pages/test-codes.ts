import type { QrCodeItem } from "@fieldlead/contracts";
import type { MockRequest } from "../../../test/mock-api";
import { lookupListOf } from "../../../test/mock-api";

/** A code as the server answers it (Jo Park's HVAC code at Costco Wayne unless said otherwise). */
export const qrCode = (id: number, over: Partial<QrCodeItem> = {}): QrCodeItem => {
  const code = {
    id,
    userId: 100 + id,
    userUid: `uid${id}abcd`,
    userName: `Person ${String(id).padStart(2, "0")}`,
    storeId: 12,
    storeName: "Costco Wayne",
    territoryId: null,
    group: 1,
    groupName: "HVAC",
    isActive: true,
    isLive: true,
    path: `/q/uid${id}abcd/1`,
    entryCount: id * 3,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-02-01T00:00:00.000Z",
    ...over,
  };
  // The server's public URL and the path, as the server answers it.
  return { ...code, url: over.url ?? `https://leads.example.com${code.path}` };
};

export const qrLookups = lookupListOf({
  hdsfiGroup: [
    { id: 1, name: "HVAC", code: "HVAC" },
    { id: 2, name: "Water heaters", code: "WH" },
  ],
});

/** The search over a list, a page at a time as the server answers it. */
export const qrSearch =
  (all: () => readonly QrCodeItem[]) =>
  ({ body }: MockRequest) => {
    const { page = 1, pageSize = 25 } = (body ?? {}) as { page?: number; pageSize?: number };
    const items = all();
    return {
      items: items.slice((page - 1) * pageSize, page * pageSize),
      total: items.length,
      page,
      pageSize,
    };
  };
