import type { LoggedInUser, LoginRequest } from "@fieldlead/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

export const login = (body: LoginRequest) => api<LoggedInUser>("account.login", { body });

export function useLogin() {
  return useMutation<LoggedInUser, ApiError, LoginRequest>({ mutationFn: login });
}
