/**
 * How a person appears beside what they made or did: a video's uploader, a feedback's author, a
 * member in a list. One shape, built by personSummary only, so the name is computed in one place.
 */
export interface PersonSummary {
  id: string;
  /** "First Last", trimmed, or whichever part exists; null when the person has neither. */
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The profile picture's URL. */
  image: string | null;
}

/** The display name of a person: "First Last", trimmed, or whichever part exists; null for neither. */
export function personName(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  return (
    [firstName, lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || null
  );
}

/** The one builder of a PersonSummary. */
export function personSummary(person: Omit<PersonSummary, 'name'>): PersonSummary {
  return {
    id: person.id,
    name: personName(person.firstName, person.lastName),
    firstName: person.firstName,
    lastName: person.lastName,
    image: person.image,
  };
}

/** The roles a person is sent in, flattened into the spec's "Shapes seen by screens". */
export type PersonRole = 'uploader' | 'author';

/** A person on the wire, as the spec's shapes carry it: uploaderId, uploaderName, … or authorId, authorName, … */
export type PersonFields<Role extends PersonRole> = Record<`${Role}Id`, string> &
  Record<`${Role}Name` | `${Role}FirstName` | `${Role}LastName` | `${Role}Image`, string | null>;

/** A PersonSummary flattened into the spec's fields for its role. */
export function personFields<Role extends PersonRole>(role: Role, person: PersonSummary): PersonFields<Role> {
  return {
    [`${role}Id`]: person.id,
    [`${role}Name`]: person.name,
    [`${role}FirstName`]: person.firstName,
    [`${role}LastName`]: person.lastName,
    [`${role}Image`]: person.image,
  } as PersonFields<Role>;
}

/** The PersonSummary a role's fields carry, its name built again by personSummary. */
export function personFromFields<Role extends PersonRole>(role: Role, fields: PersonFields<Role>): PersonSummary {
  return personSummary({
    id: fields[`${role}Id` as const],
    firstName: fields[`${role}FirstName` as const],
    lastName: fields[`${role}LastName` as const],
    image: fields[`${role}Image` as const],
  });
}
