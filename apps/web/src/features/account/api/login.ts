import type { LoginRequest } from "@fieldlead/contracts";
import { accountApi } from "@fieldlead/contracts/routes";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const login = (body: LoginRequest) => call(accountApi.login, { body });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
