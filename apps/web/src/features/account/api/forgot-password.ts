import type { ForgotPasswordRequest } from "@fieldlead/contracts";
import { accountApi } from "@fieldlead/contracts/routes";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const forgotPassword = (body: ForgotPasswordRequest) => call(accountApi.forgotPassword, { body });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
