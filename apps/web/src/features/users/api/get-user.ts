import { usersApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, keyOf } from "../../../lib/queries";

/** One person's cached detail (what a save answers is put there too). */
export const userDetailKey = (id: number) => keyOf(usersApi.detail, { params: { id } });

export const getUser = (id: number, signal?: AbortSignal) =>
  call(usersApi.detail, { params: { id }, signal });

export const userQueryOptions = (id: number) =>
  queryOptions(endpointQuery(usersApi.detail, { params: { id } }));

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
