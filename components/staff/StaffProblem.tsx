import { type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type StaffProblemProps = StaffPageProps & { heading: string; problems: string[]; back: string };

/** A staff request that could not be done (a bad filter, a form field): what was wrong and the way back. */
export function StaffProblem({ staff, heading, problems, back }: StaffProblemProps) {
  return (
    <StaffShell staff={staff} current={null}>
      <div className="max-w-xl rounded-xl border border-red-200 bg-white p-6">
        <h1 className="text-xl font-bold text-slate-900">{heading}</h1>
        <ul className="mt-3 list-inside list-disc text-sm text-red-700" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <a href={back} className="mt-4 inline-block text-sm font-medium text-blue-800 hover:underline">
          Go back
        </a>
      </div>
    </StaffShell>
  );
}
