export default function Page() {
  return <h1>organization</h1>;
}
