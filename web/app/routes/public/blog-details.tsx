export default function Page() {
  return <h1>blog-details</h1>;
}
