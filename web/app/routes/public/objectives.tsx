export default function Page() {
  return <h1>objectives</h1>;
}
