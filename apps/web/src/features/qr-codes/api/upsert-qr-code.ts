import type { QrCodeItem, QrCodeUpsertRequest } from "@fieldlead/contracts";
import { qrCodesApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";

/** Creates (no id) or changes a code. One code per person and group: creating one that exists answers 409. */
export const upsertQrCode = (body: QrCodeUpsertRequest) => call(qrCodesApi.upsert, { body });

/** A saved code as the request that saves it again, with some of it changed (turned on or off). */
export const qrRequestOf = (
  code: QrCodeItem,
  patch: Partial<QrCodeUpsertRequest> = {},
): QrCodeUpsertRequest => ({
  id: code.id,
  userId: code.userId,
  storeId: code.storeId,
  group: code.group,
  isActive: code.isActive,
  ...patch,
});

export function useUpsertQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertQrCode,
    // The list and "my code" read the same search: both show the change.
    onSuccess: () => void invalidate(queryClient, qrCodesApi.search),
  });
}
