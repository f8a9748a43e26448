export default function Page() {
  return <h1>committee</h1>;
}
