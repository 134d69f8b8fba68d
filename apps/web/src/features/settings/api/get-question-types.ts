import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { settingsKeys } from "./settings-keys";

export type DataTypeOption = { id: number; name: string; code: string };
export type FieldTypeOption = DataTypeOption & { dataTypeIds: number[]; hasChoices: boolean };
export type QuestionTypes = { dataTypes: DataTypeOption[]; fieldTypes: FieldTypeOption[] };

/** What a question's answer is (data types) and how it is asked (field types, with the data types each holds). */
export async function getQuestionTypes(signal?: AbortSignal): Promise<QuestionTypes> {
  const [dataTypes, fieldTypes] = await Promise.all([
    api<DataTypeOption[]>("app.dataType", { signal }),
    api<FieldTypeOption[]>("app.fieldType", { signal }),
  ]);
  return { dataTypes, fieldTypes };
}

export const questionTypesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.questionTypes(),
    queryFn: ({ signal }) => getQuestionTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useQuestionTypes() {
  return useQuery(questionTypesQueryOptions());
}
