import {
  personFromFields,
  personSummary,
  type FeedbackDto,
  type PersonSummary,
  type UserDto,
  type VideoDto,
} from '@app/contracts';

type Uploaded = Pick<
  VideoDto,
  'uploaderId' | 'uploaderName' | 'uploaderFirstName' | 'uploaderLastName' | 'uploaderImage'
>;
type Authored = Pick<FeedbackDto, 'authorId' | 'authorName' | 'authorFirstName' | 'authorLastName' | 'authorImage'>;
type Member = Pick<UserDto, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'>;

/** The person a screen shows beside a video (its uploader), a feedback (its author) or a user (themself). */
export function personOf(subject: Uploaded | Authored | Member): PersonSummary {
  if ('uploaderId' in subject) return personFromFields('uploader', subject);
  if ('authorId' in subject) return personFromFields('author', subject);
  return personSummary({
    id: subject.id,
    firstName: subject.firstName,
    lastName: subject.lastName,
    image: subject.profileImageUrl,
  });
}
