import { accountApi } from "@fieldlead/contracts/routes";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const logout = () => call(accountApi.logout);

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
