import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

export type ForgotPasswordInput = { email: string };
export type ForgotPasswordResult = { message: string };

export const forgotPassword = (body: ForgotPasswordInput) =>
  api<ForgotPasswordResult>("account.forgotPassword", { body });

export function useForgotPassword() {
  return useMutation<ForgotPasswordResult, ApiError, ForgotPasswordInput>({ mutationFn: forgotPassword });
}
