import { and, eq } from "drizzle-orm";
import type { Tx } from "../platform/db";
import { questionResponses, serviceTypeQuestions, serviceTypes } from "./schema/index";

type QuestionSeed = {
  text: string;
  dataTypeId: number;
  fieldTypeId: number;
  isRequired?: boolean;
  responses?: string[];
};
type ServiceTypeSeed = { name: string; description: string; questions: QuestionSeed[] };

/** Service types an organization of home-services dealers would offer, each with the questions its leads ask. */
export const DEMO_SERVICE_TYPES: ServiceTypeSeed[] = [
  {
    name: "HVAC",
    description: "Heating and air conditioning: replacement and new systems.",
    questions: [
      {
        text: "What heats or cools the home today?",
        dataTypeId: 6,
        fieldTypeId: 3,
        isRequired: true,
        responses: ["Central air", "Heat pump", "Furnace", "Boiler", "Window units"],
      },
      { text: "How old is the system (years)?", dataTypeId: 2, fieldTypeId: 1 },
      { text: "Does the shopper own the home?", dataTypeId: 5, fieldTypeId: 7, isRequired: true },
    ],
  },
  {
    name: "Water heaters",
    description: "Tank and tankless water heaters.",
    questions: [
      {
        text: "Tank or tankless?",
        dataTypeId: 6,
        fieldTypeId: 4,
        isRequired: true,
        responses: ["Tank", "Tankless", "Not sure"],
      },
      { text: "How old is the water heater (years)?", dataTypeId: 2, fieldTypeId: 1 },
    ],
  },
  {
    name: "Windows",
    description: "Replacement windows and patio doors.",
    questions: [
      { text: "How many windows?", dataTypeId: 2, fieldTypeId: 1, isRequired: true },
      {
        text: "Interested in",
        dataTypeId: 7,
        fieldTypeId: 5,
        responses: ["Replacement windows", "Patio doors", "Entry doors"],
      },
    ],
  },
  {
    name: "Bath",
    description: "Bath and shower remodels.",
    questions: [
      {
        text: "Project",
        dataTypeId: 6,
        fieldTypeId: 3,
        isRequired: true,
        responses: ["Tub to shower", "Walk-in tub", "Full remodel"],
      },
      { text: "Best time to call", dataTypeId: 1, fieldTypeId: 1 },
    ],
  },
  {
    name: "Solar",
    description: "Rooftop solar and batteries.",
    questions: [
      { text: "Average monthly electric bill ($)", dataTypeId: 3, fieldTypeId: 1, isRequired: true },
      { text: "Does the shopper own the home?", dataTypeId: 5, fieldTypeId: 7, isRequired: true },
    ],
  },
];

/** Adds the demo service types an organization does not have yet (by name); returns the ids of all of them. */
export async function ensureDemoServiceTypes(tx: Tx, organizationId: number, names?: string[]) {
  const ids: number[] = [];
  const wanted = DEMO_SERVICE_TYPES.filter((t) => !names || names.includes(t.name));
  for (const [i, t] of wanted.entries()) {
    const [existing] = await tx
      .select({ id: serviceTypes.id })
      .from(serviceTypes)
      .where(and(eq(serviceTypes.organizationId, organizationId), eq(serviceTypes.name, t.name)));
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const [type] = await tx
      .insert(serviceTypes)
      .values({ organizationId, name: t.name, description: t.description, sortOrder: i })
      .returning({ id: serviceTypes.id });
    ids.push(type.id);
    for (const [j, q] of t.questions.entries()) {
      const [question] = await tx
        .insert(serviceTypeQuestions)
        .values({
          organizationId,
          serviceTypeId: type.id,
          text: q.text,
          dataTypeId: q.dataTypeId,
          fieldTypeId: q.fieldTypeId,
          isRequired: q.isRequired ?? false,
          sortOrder: j,
        })
        .returning({ id: serviceTypeQuestions.id });
      if (q.responses?.length) {
        await tx
          .insert(questionResponses)
          .values(
            q.responses.map((text, k) => ({ organizationId, questionId: question.id, text, sortOrder: k })),
          );
      }
    }
  }
  return ids;
}
