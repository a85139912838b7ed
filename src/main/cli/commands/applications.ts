import { Argument, type Command, Option } from 'commander';
import { SUBMISSION_STATES, type Submission, type SubmissionState } from '../../../shared/front-door';
import { moment, positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** A submission as one table row. */
function submissionRow(submission: Submission): object {
  return {
    id: submission.id,
    kind: submission.kind,
    pet: submission.pet ? `${submission.pet.id} ${submission.pet.name}` : null,
    state: submission.state,
    rank: submission.rank,
    name: submission.name,
    email: submission.email,
    person: submission.personId,
    received: new Date(submission.receivedAt).toISOString(),
  };
}

/** `applications list|show|link|add-person|state|book-visit|record-visit|approve|rank|waiting|pause|resume`: the front door's review queue. */
export function registerApplicationCommands(program: Command): void {
  const applications = program
    .command('applications')
    .description('What visitors sent through the adoption site’s forms: the review queue (never published)');
  const print = (json: boolean, submission: Submission): object => (json ? submission : submissionRow(submission));
  applications
    .command('list')
    .description('Submissions, newest first')
    .addOption(new Option('--state <state>').choices(SUBMISSION_STATES))
    .option('--pet <id>', 'one animal’s applications, in the shelter’s order', positiveInt)
    .option('--open', 'open ones only')
    .action(
      run((engine, output, options: { state?: SubmissionState; pet?: number; open?: boolean }) => {
        const list = engine.services.frontDoor.list({ state: options.state, petId: options.pet, open: options.open });
        printRows(output, output.json ? list : list.map(submissionRow), 'No submissions match.');
      }),
    );
  applications
    .command('show')
    .description('A submission, its answers, its history and the people it may be (the duplicate question)')
    .argument('<id>', 'submission id', positiveInt)
    .action(
      run((engine, output, id: number) => {
        const shown = engine.services.frontDoor.show(id);
        if (output.json) return printObject(output, shown);
        printObject(output, submissionRow(shown));
        for (const answer of shown.answers) note(`${answer.label}: ${answer.answer}`);
        for (const warning of shown.duplicates)
          note(`May be person ${warning.personId}, ${warning.name} (same ${warning.matched.join(', ')}).`);
      }),
    );
  applications
    .command('link')
    .description('Link the submission to a person of the register')
    .argument('<id>', 'submission id', positiveInt)
    .requiredOption('--person <id>', 'person id', positiveInt)
    .action(
      run((engine, output, id: number, options: { person: number }) =>
        printObject(output, print(output.json, engine.services.frontDoor.linkPerson(id, options.person))),
      ),
    );
  applications
    .command('add-person')
    .description('Add the visitor to the register from what they sent, and link them')
    .argument('<id>', 'submission id', positiveInt)
    .action(
      run((engine, output, id: number) =>
        printObject(output, print(output.json, engine.services.frontDoor.createPerson(id).submission)),
      ),
    );
  applications
    .command('state')
    .description('Move the submission on: in_review, declined or withdrawn')
    .argument('<id>', 'submission id', positiveInt)
    .addArgument(new Argument('<to>').choices(['in_review', 'declined', 'withdrawn']))
    .option('--note <text>')
    .action(
      run((engine, output, id: number, to: SubmissionState, options: { note?: string }) =>
        printObject(output, print(output.json, engine.services.frontDoor.setState(id, to, options.note))),
      ),
    );
  applications
    .command('book-visit')
    .description('Book the home visit')
    .argument('<id>', 'submission id', positiveInt)
    .requiredOption('--at <moment>', 'when', moment)
    .action(
      run((engine, output, id: number, options: { at: number }) =>
        printObject(output, print(output.json, engine.services.frontDoor.bookVisit(id, options.at))),
      ),
    );
  applications
    .command('record-visit')
    .description('Record the home visit as done, with notes')
    .argument('<id>', 'submission id', positiveInt)
    .requiredOption('--notes <text>')
    .action(
      run((engine, output, id: number, options: { notes: string }) =>
        printObject(output, print(output.json, engine.services.frontDoor.recordVisit(id, options.notes))),
      ),
    );
  applications
    .command('approve')
    .description('Approve the application: the animal is reserved for the linked person')
    .argument('<id>', 'submission id', positiveInt)
    .action(
      run((engine, output, id: number) =>
        printObject(output, print(output.json, engine.services.frontDoor.approve(id, 'cli'))),
      ),
    );
  applications
    .command('waiting')
    .description('An animal’s waiting list: its open applications in the shelter’s order')
    .argument('<pet>', 'pet id', positiveInt)
    .action(
      run((engine, output, petId: number) => {
        const list = engine.services.frontDoor.forPet(petId);
        if (list.paused) note('Applications are paused for this animal.');
        printRows(output, output.json ? list.waiting : list.waiting.map(submissionRow), 'Nobody is waiting.');
      }),
    );
  for (const [name, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const)
    applications
      .command(name)
      .description(
        paused ? 'Pause an animal’s applications: its page says so' : 'Take applications for the animal again',
      )
      .argument('<pet>', 'pet id', positiveInt)
      .action(
        run((engine, output, petId: number) => {
          const list = engine.services.frontDoor.pause(petId, paused);
          printObject(output, { petId, paused: list.paused, waiting: list.waiting.length });
        }),
      );
}
