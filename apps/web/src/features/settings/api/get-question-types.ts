import type { EndpointResponse } from "@fieldlead/contracts";
import { appApi, type DefinitionOf } from "@fieldlead/contracts/routes";
import { type UseQueryResult, useQueries } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export type DataTypeOption = EndpointResponse<DefinitionOf<typeof appApi.dataTypes>>[number];
export type FieldTypeOption = EndpointResponse<DefinitionOf<typeof appApi.fieldTypes>>[number];
export type QuestionTypes = { dataTypes: DataTypeOption[]; fieldTypes: FieldTypeOption[] };

/** The product's data and field types never change while the app runs. */
export const dataTypesQueryOptions = () => ({
  ...endpointQuery(appApi.dataTypes),
  staleTime: Number.POSITIVE_INFINITY,
});
export const fieldTypesQueryOptions = () => ({
  ...endpointQuery(appApi.fieldTypes),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Both lists as one answer: there once both are, an error if either failed, and a retry of both. */
function combine([dataTypes, fieldTypes]: [
  UseQueryResult<DataTypeOption[]>,
  UseQueryResult<FieldTypeOption[]>,
]) {
  const data: QuestionTypes | undefined =
    dataTypes.data && fieldTypes.data
      ? { dataTypes: dataTypes.data, fieldTypes: fieldTypes.data }
      : undefined;
  return {
    data,
    isPending: dataTypes.isPending || fieldTypes.isPending,
    isError: dataTypes.isError || fieldTypes.isError,
    error: dataTypes.error ?? fieldTypes.error,
    refetch: () => Promise.all([dataTypes.refetch(), fieldTypes.refetch()]),
  };
}

/** What a question's answer is (data types) and how it is asked (field types, with the data types each holds). */
export function useQuestionTypes() {
  return useQueries({ queries: [dataTypesQueryOptions(), fieldTypesQueryOptions()], combine });
}
